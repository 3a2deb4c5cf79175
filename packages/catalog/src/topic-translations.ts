/**
 * News vocabulary of nine languages read as the English topic lexicon's words, so that text in
 * German, French, Spanish, Italian, Portuguese, Dutch, Russian, Ukrainian or Polish gets topics from its
 * own words too (the learned model reads English only and is not asked). Hand-written from general knowledge of how
 * news is worded in each language, like the English lexicon; nothing here is learnt from a data set.
 *
 * Each entry is `word=english` (the English words joined by `_`): `word` as a whole word (case, accents
 * and a plural `s` folded), `stem-` any word beginning so (inflections: "soldat-" for Soldaten), `-end`
 * any word ending so (compounds: "-streik" for Warnstreik). A whole word wins over a stem and a stem over
 * an ending, and `word=` alone stops a compound or a stem from reading a word it does not mean
 * ("auswahl=" is a selection, not an election). Only words that mean one thing in the news are listed:
 * Spanish "partido" (a match, a party) is not, nor German "Spiel" alone.
 */
import { foldText } from '@tidings/core/text';
import { normalizeWord } from './word-forms.js';

export const TRANSLATED_TEXT: Record<string, string> = {
  de: `
    armut=poverty obdachlos-=homelessness geburtenrate=birth_rate
    bundestag=parliament bundesrat=parliament landtag=parliament parlament-=parliament abgeordnete-=lawmakers
    regierung-=government bundesregierung-=government kanzler-=prime_minister bundeskanzler-=prime_minister
    minister-=minister ministerprasident-=prime_minister prasident-=president wahl=election wahlen=election
    -wahl=election auswahl= -wahlen=election wahlkampf-=election_campaign koalition-=coalition opposition=opposition
    -partei=political_party parteien=political_party cdu=political_party spd=political_party fdp=political_party
    afd=political_party gesetzentwurf=legislation volksabstimmung=referendum referendum=referendum senat=senate
    burgermeister-=mayor demokratie=democracy diplomat-=diplomat aussenminister-=foreign_minister
    botschafter-=ambassador gipfel-=summit
    wirtschaft-=economy konjunktur-=economy inflation=inflation zinsen=interest_rates leitzins-=interest_rates
    zentralbank=central_bank ezb=central_bank bundesbank=central_bank borse-=stock_market aktie-=shares
    -aktie=shares -aktien=shares anleger-=investors investor-=investors konzern-=company umsatz-=revenue
    gewinn=profit quartal-=quarter insolvenz-=bankruptcy pleite=bankruptcy ubernahme-=takeover fusion=merger
    -preise=prices export-=exports zolle=tariffs zoll=tariffs rezession=recession
    bruttoinlandsprodukt=gdp bip=gdp banken=bank
    arbeitslosigkeit=unemployment arbeitslose-=unemployment streik=walkout -streik=walkout streiks=walkout
    streiken=walkout streikt=walkout
    gewerkschaft-=union verdi=union lohn=wages lohne=wages mindestlohn=minimum_wage tarifverhandlung-=collective_bargaining
    stellenabbau=job_cuts entlassung-=layoffs
    topspiel=match fussball-=soccer fußball-=soccer bundesliga=bundesliga -liga=league champions=champions league=league
    spitzenspiel=match torschutze-=striker trainer=coach mannschaft-=team -mannschaft=team
    sturmer=striker torwart=goalkeeper meister=champion meisterschaft=championship
    rechtsverteidiger=defender linksverteidiger=defender innenverteidiger=defender abwehrspieler-=defender
    mittelfeldspieler-=midfielder wintertransfer-=transfer_window transferfenster-=transfer_window
    transfer=transfer transfers=transfer -transfer=transfer ablose-=transfer_fee -ablose=transfer_fee kader=squad
    weltmeister-=world_champion weltmeisterschaft=world_cup olympia-=olympics olympische-=olympic 
    gewinnt=wins unentschieden=draw tabellenfuhr-=standings
     pokal-=cup halbfinale=semifinal finale=final turnier=tournament tennis=tennis
    radsport=cycling handball=handball eishockey=ice_hockey basketball=basketball stadion=stadium
    rekordmeister=champion
    forscher-=researchers forschung=scientific_research -forschung=scientific_research wissenschaft-=science studie=study
    weltraum-=space raumfahrt-=spaceflight satellit-=satellite planet-=planet exoplanet-=planet
    teleskop-=telescope -teleskop=telescope astronaut-=astronaut nasa=nasa esa=nasa physik-=physics
    chemie-=chemistry biologie=biology genom=genome kunstliche_intelligenz=artificial_intelligence ki=ai
    software=software internet=internet computer=computer smartphone-=smartphone technologie-=technology
    digital-=digital cyber-=cyber hacker-=hackers algorithmus=computing halbleiter-=semiconductor
    quantencomputer=quantum_computer roboter=robot
    sicherheitslucke-=security_flaw -sicherheitslucke=security_flaw datenleck-=data_breach -datenleck=data_breach
    schadsoftware=malware trojaner-=malware erpressungssoftware=ransomware verschlusselung-=encryption
    elektroauto-=electric_car -elektroauto=electric_car linux=linux open_source=open_source
    betriebssystem-=operating_system prozessor-=processor -prozessor=processor browser=browser cloud=cloud
    streamingdienst-=streaming_service breitband-=broadband glasfaser-=broadband mobilfunk-=mobile_network
    computerspiel-=video_game videospiel-=video_game spielekonsole-=console startup-=startup app=app apps=app
    handy-=mobile_phone -handy=mobile_phone tastatur-=keyboard pc=pc programmiersprache-=programming
    film=film filme=film -film=film kino-=cinema filmfestival-=film_festival regisseur-=film_director
    schauspieler-=actor theater-=theatre oper=opera konzert-=concert musik-=music sanger-=singer album=album
    romane=novel schriftsteller-=novelist buch=literature bucher=literature literatur-=literature
    ausstellung-=exhibition museum=museum museen=museum maler-=artist gemalde=painting kunst=art kunstler-=artist
    oscar-=oscar fernsehen=television netflix=television
    fbi=fbi
    polizei=police -polizei=police festgenommen=arrested festnahme=arrest verhaftet=arrested ermittler-=investigators
    strafverteidiger-=lawyer rechtsanwalt-=lawyer anwalt=lawyer anwalte=lawyer anwaltin=lawyer
    staatsanwalt-=prosecutor anklage=charged angeklagt-=charged gericht=court urteil=verdict
    haftstrafe=prison_sentence gefangnis=prison mord=murder -mord=murder morder-=murder raub-=robbery
    uberfall-=robbery einbruch=robbery einbruche=robbery einbrecher-=robbery diebstahl-=theft betrug-=fraud
    betruger-=fraud verdachtig-=suspect tatverdacht-=suspect kriminal-=crime verbrechen=crime -bande=gang
    messerangriff-=stabbing
    krankenhaus-=hospital -krankenhaus=hospital kliniken=hospital klinik=hospital arzte=doctors arzt=doctor
    patient-=patients krankheit-=disease -krankheit=disease krebs=cancer grippe-=flu influenza=flu impf-=vaccine
    virus=viral_infection pandemie=pandemic epidemie=epidemic covid=pandemic gesundheit-=health pflegekrafte=nurses
    medikament-=medicine therapie=therapy diabetes=diabetes herzinfarkt=heart_attack demenz=alzheimer
    krieg=war -krieg=war kriege=war armee=army militar-=military soldat-=soldiers truppen=troops
    luftangriff-=airstrike -angriffe=attack waffenruhe=ceasefire waffenstillstand=ceasefire waffen=weapons
    artillerie=artillery bombe-=bomb offensive=offensive invasion=invasion kampfe=fighting
    gefechte=fighting rebellen=rebels terror-=terrorism anschlag=attack geisel-=hostage fluchtling-=refugees
    hochwasser=flood uberschwemmung-=flood flut=flood erdbeben-=earthquake beben=earthquake waldbrand-=wildfire
    feuerwehr-=fire unfall=accident -unfall=accident explosion=explosion evakuiert=evacuated
    evakuierung=evacuation rettungskrafte=rescuers todesopfer=death_toll lawine=avalanche tsunami=tsunami
    vulkan-=volcanic_eruption absturz=crash -absturz=crash erdrutsch=landslide
    umwelt-=environment klima=climate klimawandel=climate_change klimaschutz-=climate_change
    emission-=emissions treibhausgas-=greenhouse_gas erderwarmung=global_warming naturschutz-=conservation
    artenschutz=conservation artensterben=extinction biodiversitat=biodiversity verschmutzung=pollution
    plastik-=pollution recycling=recycling erneuerbare-=renewable_energy windkraft=wind_power
    schule=school schulen=schools -schule=school schuler-=pupils lehrer-=teachers lehrkrafte=teachers
    universitat-=university hochschule-=university studenten=students studierende-=students
    bildung-=education abitur=exam 
    wetter-=weather unwetter=storm sturm=storm sturmtief-=storm gewitter=thunderstorm starkregen=heavy_rain
    schnee-=snow hitzewelle=heatwave hitze=heatwave temperaturen=temperatures wetterdienst=meteorologists
    orkan=hurricane glatteis=winter_weather frost=frost
    kirche=church papst=pope bischof=bishop moschee=mosque synagoge=synagogue gottesdienst=church islam-=islam
    urlaub-=vacation reise=travel reisen=travel restaurant-=restaurant mode=fashion
    steuer=tax steuern=tax -steuer=tax steuererhohung-=tax steuerzahler-=tax roman= -roman=novel -auswahl= vorwahl= mannschaftsauswahl=
    autor=novelist autoren=novelist autorin=novelist unterricht=classroom
    landgericht-=court amtsgericht-=court oberlandesgericht-=court verfassungsgericht-=court
    bundesverfassungsgericht-=court bundesgerichtshof-=court -anschlag=attack -voranschlag= coronavirus-=covid
    -impfung=vaccine -turnier=tournament -brand=fire weinbrand= -klinik=hospital -arzt=doctor -arztin=doctor
    -wahlkampf=election_campaign -minister=minister -ministerin=minister -regierung=government
    -parlament=parliament -borse=stock_market -konzern=company -gewerkschaft=union -hochschule=university
    -unwetter=storm -pandemie=pandemic -soldat=soldiers -soldaten=soldiers -armee=army -angriff=attack
    aktionar-=shareholders hypothek-=mortgage iwf=imf kandidat-=candidate asyl-=asylum demonstrant-=protesters
    schmuggel-=smuggling
    programmierer-=programmer entwickler-=developers fernseher-=consumer_electronics laptop-=laptop
    notebook-=laptop datenschutz-=privacy datenschutzbehorde-=privacy astronom=astronomer astronomen=astronomer
    astronomie=astronomy atomkraftwerk-=nuclear_power kernkraftwerk-=nuclear_power akw=nuclear_power
    atomreaktor-=nuclear_power tragerrakete-=space_rocket raketenstart-=space_rocket kamera-=camera
    speicherchip-=memory_chip grafikkarte-=gpu fluggesellschaft-=airline kreditkarte-=credit_card
    sicherheitsforscher-=security_researchers onlineshop-=online_retail onlinehandel=online_retail
    beschaftigte-=employees mitarbeiter-=employees hack=cyberattack datenbank-=database webhosting=web_hosting
    rechenzentrum-=data_centre kopfhorer-=headphones fotografie-=photography tabak-=tobacco zigarette-=tobacco
    bundeswehr=military bier=beer passivhaus-=energy_efficiency energiespar-=energy_efficiency
    philosophie=philosophy pornographie=pornography ego_shooter=video_game beamer=consumer_electronics
    heimcomputer=computer
    solarzelle-=solar_power solardach-=solar_power solaranlage-=solar_power
    lungenentzundung-=pneumonia
  `,
  fr: `
    pauvrete=poverty sans_abri=homelessness natalite=birth_rate
    parlement-=parliament assemblee=parliament senat-=senate depute-=lawmakers gouvernement-=government
    ministre-=minister premier_ministre=prime_minister president-=president presidentielle-=election
    election-=election electoral-=election scrutin=election coalition=coalition
    opposition=opposition censure=no_confidence_vote
    referendum=referendum maire=mayor democratie=democracy diplomat-=diplomat ambassadeur-=ambassador
    sommet=summit elysee=president matignon=prime_minister projet_de_loi=legislation
    economie=economy economique-=economy inflation=inflation bce=central_bank
    banque_centrale=central_bank bourse=stock_market cac=stock_market
    investisseur-=investors entreprise-=company benefice-=profit trimestre-=quarter
    trimestriel-=quarter faillite=bankruptcy rachat=takeover fusion=merger exportation-=exports
    droits_de_douane=tariffs impot-=tax fiscal-=tax recession=recession pib=gdp 
    chomage=unemployment chomeur-=unemployment greve-=walkout syndicat-=union salaire-=wages smic=minimum_wage
    licenciement-=layoffs
    football=soccer foot=soccer ligue=league championnat-=championship match=match matchs=match
    buteur-=striker entraineur-=coach joueur-=player attaquant-=striker
    champion-=champion coupe_du_monde=world_cup olympique-=olympic jeux_olympiques=olympics 
    classement=standings saison=season finale=final demi-finale=semifinal tournoi=tournament
    tennis=tennis cyclisme=cycling tour_de_france=cycling rugby=rugby basket=basketball
    psg=soccer om=soccer
    chercheur-=researchers scientifique-=scientists science-=science etude=study
    spatial-=space fusee-=space_rocket satellite-=satellite exoplanete-=planet
    telescope=telescope astronaute-=astronaut nasa=nasa physique=physics chimie=chemistry biologie=biology
    genome=genome intelligence_artificielle=artificial_intelligence ia=ai logiciel-=software internet=internet
    ordinateur-=computer smartphone-=smartphone technologie-=technology numerique-=digital cyber-=cyber
    pirate_informatique=hackers algorithme-=computing robot-=robot
    faille_de_securite=security_flaw failles_de_securite=security_flaw fuite_de_donnees=data_breach
    logiciel_malveillant=malware rancongiciel-=ransomware chiffrement=encryption voiture_electrique=electric_car
    voitures_electriques=electric_car linux=linux open_source=open_source systeme_d_exploitation=operating_system
    processeur-=processor navigateur_web=browser cloud=cloud haut_debit=broadband fibre_optique=broadband
    reseau_mobile=mobile_network jeu_video=video_game jeux_video=video_game start-up=startup startup-=startup
    film=film films=film cinema=cinema festival_de_cannes=film_festival realisateur-=film_director 
    actrice-=actor theatre=theatre opera=opera musique-=music chanteur-=singer chanteuse-=singer
    album=album roman=novel romans=novel ecrivain-=novelist litterature-=literature
    goncourt=literature musee-=museum peintre-=artist peinture-=painting artiste-=artist
    oscar-=oscar television=television
    police=police policier-=police gendarme-=police interpelle-=arrested arrestation-=arrest
    enqueteur-=investigators procureur-=prosecutor parquet=prosecutor mis_en_examen=charged
    tribunal=court proces=trial condamne-=convicted prison=prison meurtre-=murder assassinat-=murder
    homicide=murder braquage-=robbery cambriolage-=robbery escroquerie-=fraud fraude-=fraud
    suspect-=suspect malfaiteur-=criminals criminel-=crime crime-=crime trafic_de_drogue=drug_trafficking
    hopital=hospital hopitaux=hospital urgences=hospital medecin-=doctors maladie-=disease
    cancer=cancer grippe=flu vaccin-=vaccine vaccination=vaccine virus=viral_infection pandemie=pandemic epidemie-=epidemic
    covid=pandemic sante=health infirmier-=nurses medicament-=medicine bronchiolite=respiratory_disease
    guerre-=war armee-=army militaire-=military soldat-=soldiers troupes=troops 
    bombardement-=bombing cessez-le-feu=ceasefire treve=ceasefire arme=weapons armes=weapons 
    missile-=missile offensive=offensive invasion=invasion rebelle-=rebels terroris-=terrorism
    attentat-=attack otage-=hostage refugie-=refugees
    secheresse=drought inondation-=flood seisme-=earthquake tremblement_de_terre=earthquake incendie-=fire
    pompier-=fire accident-=accident explosion-=explosion evacue-=evacuated secours=rescuers
    avalanche-=avalanche tsunami=tsunami volcan-=volcanic_eruption crash=crash glissement_de_terrain=landslide
    environnement-=environment climatique-=climate rechauffement-=global_warming 
    gaz_a_effet_de_serre=greenhouse_gas biodiversite=biodiversity pollution=pollution plastique-=pollution
    ecologi-=environment renouvelable-=renewable_energy eolien-=wind_power solaire-=solar_power
    ecole-=school college=school lycee-=school enseignant-=teachers professeur-=teachers
    universite-=university etudiant-=students education=education baccalaureat=exam bac=exam
    meteo-=weather orage-=thunderstorm tempete-=storm pluie-=rain neige-=snow canicule=heatwave
    chaleur=heatwave temperature-=temperatures grele=thunderstorm 
    eglise=church pape=pope eveque=bishop mosquee=mosque synagogue=synagogue
    vacances=vacation voyage-=travel recette-=recipe restaurant-=restaurant
    taux_d_interet=interest_rates taux_directeur=interest_rates taux_directeurs=interest_rates chiffre_d_affaires=revenue match_nul=draw recherche_scientifique=scientific_research vigilance_orange=weather_warning vigilance_rouge=weather_warning parti_politique=political_party campagne_electorale=election_campaign campagne_presidentielle=election_campaign semi-conducteur=semiconductor semi-conducteurs=semiconductor
    banque=bank banques=bank banquier-=bank actrice=actor comedien-=actor livre=literature livres=literature frappes=airstrike frappe_aerienne=airstrike combats=fighting crue=flood crues=flood changement_climatique=climate_change collegien-=pupils lyceen-=pupils rafales_de_vent=storm concert=concert concerts=concert enquete_judiciaire=investigation patient=patients patiente=patients emissions_de_co2=emissions emissions_de_gaz=emissions emissions_polluantes=emissions
    actionnaire-=shareholders credit_immobilier=mortgage fmi=imf candidat-=candidate ambassade-=embassy
    asile=asylum manifestant-=protesters contrebande-=smuggling veto=veto interpelle-=arrested
    pneumonie-=pneumonia
  `,
  es: `
    pobreza=poverty sin_hogar=homelessness natalidad=birth_rate semana_santa=easter
    congreso=parliament parlamento-=parliament senado-=senate diputado-=lawmakers gobierno-=government
    ministro-=minister ministra-=minister presidente-=president presidencial-=election elecciones=election
    eleccion=election electoral-=election campana_electoral=election_campaign coalicion=coalition
    oposicion=opposition referendum=referendum alcalde-=mayor democracia=democracy diplomatic-=diplomat
    embajador-=ambassador cumbre-=summit moncloa=prime_minister proyecto_de_ley=legislation psoe=political_party
    economia=economy economico-=economy inflacion=inflation tipos_de_interes=interest_rates
    banco_central=central_bank bce=central_bank ibex=stock_market
    inversor-=investors inversionista-=investors empresa-=company facturacion=revenue beneficio-=profit
    trimestre-=quarter trimestral-=quarter quiebra=bankruptcy adquisicion=takeover fusion=merger precio-=prices
    exportacion-=exports aranceles=tariffs impuesto-=tax recesion=recession pib=gdp banco-=bank banca=bank
    desempleo=unemployment paro=unemployment huelga-=walkout sindicato-=union salario-=wages salarial-=wages
    salario_minimo=minimum_wage despido-=layoffs
    futbol-=soccer liga=league laliga=league champions=champions campeonato-=championship gol=goal goles=goals
    goleador-=striker golea-=wins entrenador-=coach jugador-=player delantero-=striker portero-=goalkeeper
    campeon-=champion olimpico-=olympic juegos_olimpicos=olympics  
    empate-=draw clasificacion=standings semifinal-=semifinal torneo-=tournament
    tenis=tennis ciclismo=cycling baloncesto=basketball estadio=stadium real_madrid=soccer barca=soccer
    cientifico-=scientists ciencia-=science estudio=study
    espacial-=space cohete-=space_rocket satelite-=satellite exoplaneta-=planet
    telescopio-=telescope astronauta-=astronaut nasa=nasa fisica=physics quimica=chemistry biologia=biology
    genoma=genome inteligencia_artificial=artificial_intelligence ia=ai software=software internet=internet
    ordenador-=computer computadora-=computer smartphone-=smartphone tecnologia-=technology tecnologico-=technology
    digital-=digital ciber-=cyber hacker-=hackers algoritmo-=computing semiconductor-=semiconductor robot-=robot
    fallo_de_seguridad=security_flaw vulnerabilidad-=vulnerability filtracion_de_datos=data_breach
    programa_malicioso=malware ransomware=ransomware cifrado=encryption coche_electrico=electric_car
    coches_electricos=electric_car linux=linux codigo_abierto=open_source sistema_operativo=operating_system
    procesador-=processor navegador_web=browser nube=cloud banda_ancha=broadband fibra_optica=broadband
    videojuego-=video_game startup-=startup
    pelicula-=film cine=cinema festival_de_cine=film_festival director_de_cine=film_director actor=actor
    actores=actor actriz=actor teatro=theatre opera=opera concierto-=concert musica=music cantante-=singer album=album
    novela-=novel escritor-=novelist escritora-=novelist libro-=literature literatura-=literature
    museo-=museum pintor-=artist pintura-=painting artista-=artist
    oscar-=oscar television=television
    policia-=police guardia_civil=police mossos=police detenido-=arrested detencion-=arrest arrestado-=arrested
    investigacion_policial=investigation fiscal_general=prosecutor fiscalia=prosecutor juez=judge jueza=judge
    tribunal-=court condenado-=convicted carcel=prison prision=prison asesinato-=murder
    homicidio-=murder asesino-=murder atraco-=robbery hurto-=theft estafa-=fraud fraude-=fraud
    sospechoso-=suspect narcotrafico=drug_trafficking narcotraficante-=drug_trafficking trafico_de_drogas=drug_trafficking
    delito-=crime crimen=crime criminal-=crime incauta-=police
    hospital-=hospital urgencias=hospital medico-=doctors paciente-=patients enfermedad-=disease cancer=cancer
    gripe=flu vacuna-=vaccine vacunacion=vaccine virus=viral_infection pandemia=pandemic epidemia=epidemic covid=pandemic
    sanidad=health salud=health sanitario-=health enfermero-=nurses medicamento-=medicine sarampion=disease
    contagio-=infections
    guerra-=war ejercito-=army militar-=military soldado-=soldiers tropas=troops bombardeo-=bombing
    ataque-=attack alto_el_fuego=ceasefire tregua=ceasefire armas=weapons misil-=missile
    ofensiva=offensive invasion=invasion combate-=fighting enfrentamiento-=fighting rebelde-=rebels
    terroris-=terrorism atentado-=attack rehen-=hostage refugiado-=refugees
    inundacion-=flood riada=flood terremoto-=earthquake sismo-=earthquake incendio-=fire incendio_forestal=wildfire
    bombero-=fire accidente-=accident explosion=explosion evacua-=evacuated desaloj-=evacuated
    avalancha=avalanche tsunami=tsunami volcan-=volcanic_eruption erupcion=volcanic_eruption derrumbe-=collapse
    medio_ambiente=environment ambiental-=environment ecologista-=environmentalists climatico-=climate
    calentamiento_global=global_warming gases_de_efecto_invernadero=greenhouse_gas
    biodiversidad=biodiversity contaminacion=pollution plastico-=pollution vertido-=pollution
    renovable-=renewable_energy eolica-=wind_power solar=solar_power
    escuela-=school alumno-=pupils profesor-=teachers docente-=teachers
    universidad-=university universitario-=university estudiante-=students educacion=education educativo-=education
    examen-=exam selectividad=exam
    tiempo_meteorologico=weather meteorolog-=meteorologists aemet=meteorologists tormenta-=storm
    lluvia-=rain nieve-=snow ola_de_calor=heatwave temperatura-=temperatures granizo=thunderstorm
    alerta_roja=weather_warning huracan-=hurricane
    iglesia=church obispo-=bishop mezquita=mosque sinagoga=synagogue
    vacaciones=vacation viaje-=travel turismo=tourism receta-=recipe restaurante-=restaurant moda=fashion
    copa_del_mundo=world_cup mundial_de_futbol=world_cup cambio_climatico=climate_change el_papa=pope
    robo=robbery robos=robbery nevadas=snow investigacion_cientifica=scientific_research emisiones=emissions
    bolsa_de_madrid=stock_market bolsa_de_valores=stock_market bolsa_espanola=stock_market
    accionista-=shareholders hipoteca-=mortgage fmi=imf candidat-=candidate embajada-=embassy asilo=asylum
    manifestante-=protesters contrabando-=smuggling veto=veto detenid-=arrested
    neumonia-=pneumonia
  `,
  it: `
    poverta=poverty senzatetto=homelessness natalita=birth_rate
    parlamento-=parliament senato-=senate deputat-=lawmakers governo-=government
    esecutivo=government ministro-=minister premier=prime_minister presidente-=president elezioni=election
    elettoral-=election voto=vote coalizione=coalition opposizione=opposition
    referendum=referendum sindaco-=mayor democrazia=democracy diplomatic-=diplomat
    ambasciator-=ambassador vertice=summit manovra=budget disegno_di_legge=legislation
    economia=economy economic-=economy inflazione=inflation tassi=interest_rates banca_centrale=central_bank
    bce=central_bank borsa=stock_market piazza_affari=stock_market ftse=stock_market azioni=shares
    investitor-=investors azienda-=company fatturato=revenue
    trimestre-=quarter trimestral-=quarter fallimento=bankruptcy acquisizione-=takeover fusione=merger
    prezzi=prices esportazion-=exports dazi=tariffs tasse=tax fisco=tax recessione=recession pil=gdp
    banche=bank banca=bank istituti_di_credito=bank
    disoccupazione=unemployment sciopero-=walkout sindacat-=union salari-=wages stipendi-=wages
    salario_minimo=minimum_wage licenziament-=layoffs
    calcio=soccer serie_a=serie_a campionato-=championship gol=goal allenator-=coach
    squadra-=team giocator-=player attaccante-=striker portiere=goalkeeper mondiali=world_cup
    olimpiad-=olympics olimpic-=olympic pareggio=draw classifica=standings
    semifinale=semifinal torneo=tournament tennis=tennis ciclismo=cycling
    giro_d_italia=cycling basket=basketball stadio=stadium juventus=soccer juve=soccer derby=match
    bianconeri=soccer rossoneri=soccer nerazzurri=soccer scudetto=championship
    scienziat-=scientists ricercator-=researchers scienza=science scientific-=science
    spazial-=space razzo=space_rocket satellite-=satellite satelliti=satellite 
    esopianeta=planet telescopio=telescope astronaut-=astronaut nasa=nasa fisica=physics chimica=chemistry
    biologia=biology genoma=genome intelligenza_artificiale=artificial_intelligence ia=ai software=software
    internet=internet computer=computer smartphone=smartphone tecnologi-=technology digitale=digital
    informatic-=computer hacker=hackers algoritm-=computing semicondutt-=semiconductor robot=robot
    falla_di_sicurezza=security_flaw vulnerabilita=vulnerability furto_di_dati=data_breach malware=malware
    ransomware=ransomware crittografia=encryption auto_elettrica=electric_car auto_elettriche=electric_car
    linux=linux open_source=open_source sistema_operativo=operating_system processore-=processor browser=browser
    cloud=cloud banda_larga=broadband fibra_ottica=broadband videogioc-=video_game startup=startup
    film=film cinema=cinema festival_del_cinema=film_festival mostra_del_cinema=film_festival regista=film_director
    attore=actor attrice=actor attori=actor teatro=theatre opera_lirica=opera concerto=concert musica=music
    cantant-=singer album=album romanzo-=novel scrittor-=novelist autore=novelist libro=literature libri=literature
    letteratura=literature museo=museum musei=museum pittor-=artist pittura=painting dipint-=painting
    artista=artist oscar=oscar televisione=television direttore_d_orchestra=music
    polizia=police carabinieri=police poliziott-=police arrestat-=arrested arresto=arrest
    indagine=investigation indagini=investigation inquirent-=investigators procura=prosecutor
    tribunale=court condannat-=convicted condanna=convicted carcere=prison omicidio=murder
    assassin-=murder rapina-=robbery furto=theft furti=theft truffa-=fraud frode=fraud sospettat-=suspect
    latitante=police mafia=organized_crime camorra=organized_crime ndrangheta=organized_crime estorsione=organized_crime
    spaccio=drug_trafficking narcotraffico=drug_trafficking criminal-=crime reato=crime
    ospedale=hospital ospedali=hospital pronto_soccorso=hospital medic-=doctors pediatr-=doctors
    malattia=disease malattie=disease tumore=cancer cancro=cancer vaccin-=vaccine
    virus=viral_infection pandemia=pandemic epidemia=epidemic covid=pandemic sanita=health salute=health sanitari-=health
    infermier-=nurses farmac-=medicine
    guerra=war esercito=army militar-=military soldat-=soldiers truppe=troops raid=airstrike bombardament-=bombing
    attacco=attack cessate_il_fuoco=ceasefire tregua=ceasefire armi=weapons missil-=missile
    offensiva=offensive invasione=invasion combattiment-=fighting ribelli=rebels terroris-=terrorism attentato=attack
    ostagg-=hostage profugh-=refugees
    alluvione=flood inondazion-=flood terremoto=earthquake sisma=earthquake incendio=fire incendi=fire
    vigili_del_fuoco=fire pompier-=fire incidente=accident esplosione=explosion evacuat-=evacuated
    soccorritor-=rescuers soccorsi=rescuers protezione_civile=emergency_services frana=landslide valanga=avalanche
    tsunami=tsunami vulcan-=volcanic_eruption eruzione=volcanic_eruption dispersi=missing_persons crollo=collapse
    ambiente=environment ambiental-=environment climatic-=climate riscaldamento_globale=global_warming
    emission-=emissions gas_serra=greenhouse_gas biodiversita=biodiversity inquinamento=pollution plastica=pollution
    ghiacciai=climate ghiacciaio=climate rinnovabil-=renewable_energy eolic-=wind_power
    scuola=school scuole=school liceo=school licei=school alunni=pupils student-=students insegnant-=teachers
    docent-=teachers universita=university ateneo=university istruzione=education maturita=exam esame=exam esami=exam
    meteo=weather previsioni_meteo=weather_forecast maltempo=storm temporal-=thunderstorm tempesta=storm
    pioggia=rain piogge=rain neve=snow nevicat-=snow ondata_di_calore=heatwave afa=heatwave
    temperature=temperatures grandine=thunderstorm anticiclone=weather allerta_meteo=weather_warning
    chiesa=church vescovo=bishop moschea=mosque sinagoga=synagogue vaticano=vatican
    vacanze=vacation viaggio=travel viaggi=travel turismo=tourism ricetta=recipe ristorante=restaurant moda=fashion
    camera_dei_deputati=parliament voto_di_fiducia=confidence_vote mostra_del_cinema=film_festival il_papa=pope pontefice=pope cambiamento_climatico=climate_change cambiamenti_climatici=climate_change
    pazienti=patients paziente=patients campione=champion campioni=champion
    azionist-=shareholders mutuo=mortgage mutui=mortgage fmi=imf candidat-=candidate ambasciata-=embassy
    manifestant-=protesters contrabbando-=smuggling veto=veto arrestat-=arrested
    polmonite=pneumonia
  `,
  pt: `
    pobreza=poverty sem_abrigo=homelessness moradores_de_rua=homelessness natalidade=birth_rate
    parlamento-=parliament congresso=parliament assembleia=parliament senado-=senate deputad-=lawmakers
    governo-=government ministro-=minister ministra-=minister primeiro-ministro=prime_minister presidente-=president
    eleicao=election eleicoes=election eleitora-=election coligacao=coalition coalizao=coalition
    oposicao=opposition referendo=referendum prefeito-=mayor presidente_da_camara=mayor democracia=democracy
    camara=parliament tributaria=tax
    diplomat-=diplomat embaixador-=ambassador cimeira=summit cupula=summit orcamento=budget projeto_de_lei=legislation
    partido_politico=political_party
    economia=economy economic-=economy inflacao=inflation juros=interest_rates taxa_de_juros=interest_rates
    selic=interest_rates banco_central=central_bank copom=central_bank ibovespa=stock_market
    investidor-=investors empresa-=company faturamento=revenue lucro-=profit trimestre-=quarter
    trimestral-=quarter falencia=bankruptcy aquisicao=takeover fusao=merger precos=prices exportac-=exports
    tarifas=tariffs imposto-=tax recessao=recession pib=gdp banco-=bank
    desemprego=unemployment greve-=walkout sindicato-=union salario-=wages salarial-=wages salario_minimo=minimum_wage
    demissao=layoffs demissoes=layoffs despedimento-=layoffs trabalhador-=workers
    futebol=soccer campeonato-=championship brasileirao=championship liga=league golo=goal golos=goals gol=goal
    gols=goals treinador-=coach time=team selecao=team jogador-=player
    atacante-=striker goleiro-=goalkeeper guarda-redes=goalkeeper campeao=champion
    copa_do_mundo=world_cup olimpic-=olympic empate-=draw
    classificacao=standings semifinal-=semifinal torneio-=tournament
    tenis=tennis ciclismo=cycling basquete=basketball estadio=stadium derbi=match classico=match
    benfica=soccer sporting=soccer flamengo=soccer palmeiras=soccer corinthians=soccer
    cientista-=scientists pesquisador-=researchers investigacao_cientifica=scientific_research
    ciencia-=science cientific-=science estudo=study espacial-=space foguete-=space_rocket satelite-=satellite
    exoplaneta-=planet telescopio-=telescope astronauta-=astronaut nasa=nasa fisica=physics
    quimica=chemistry biologia=biology genoma=genome inteligencia_artificial=artificial_intelligence 
    software=software internet=internet computador-=computer smartphone-=smartphone tecnologia-=technology
    tecnologic-=technology digital=digital ciber-=cyber hacker-=hackers algoritmo-=computing semicondutor-=semiconductor
    robo=robot
    falha_de_seguranca=security_flaw vulnerabilidade-=vulnerability vazamento_de_dados=data_breach
    malware=malware ransomware=ransomware criptografia=encryption carro_eletrico=electric_car
    carros_eletricos=electric_car linux=linux codigo_aberto=open_source sistema_operacional=operating_system
    processador-=processor navegador=browser nuvem=cloud banda_larga=broadband fibra_optica=broadband
    videogame-=video_game startup-=startup
    filme-=film cinema=cinema longa-metragem=film festival_de_cinema=film_festival realizador-=film_director
    diretor_de_cinema=film_director ator=actor atores=actor atriz=actor teatro=theatre opera=opera concerto-=concert
    show=concert musica=music cantor-=singer album=album escritor-=novelist livro-=literature
    literatura=literature exposicao=exhibition museu-=museum pintor-=artist pintura-=painting artista-=artist
    oscar-=oscar televisao=television novela=television_series
    policia-=police policial-=police preso-=arrested presos=arrested prende-=arrested prisao=arrest detido-=arrested
    investigacao=investigation investigador_policial=investigators ministerio_publico=prosecutor procurador-=prosecutor
    juiz=judge juiza=judge tribunal-=court julgamento=trial condenad-=convicted cadeia=prison presidio=prison
    homicidio-=murder assassinato-=murder assassin-=murder assalto-=robbery roubo-=robbery furto-=theft
    fraude-=fraud suspeito-=suspect criminos-=criminals crime-=crime trafico_de_drogas=drug_trafficking
    narcotrafico=drug_trafficking quadrilha=gang
    hospital-=hospital hospitais=hospital medico-=doctors paciente-=patients doenca-=disease
    cancer=cancer gripe=flu vacina-=vaccine vacinacao=vaccine virus=viral_infection pandemia=pandemic epidemia=epidemic
    covid=pandemic saude=health sanitari-=health enfermeir-=nurses medicamento-=medicine remedio-=medicine dengue=disease
    guerra-=war exercito=army militar-=military militares=military soldado-=soldiers tropas=troops
    bombardeio-=bombing bombardeament-=bombing ataque-=attack cessar-fogo=ceasefire tregua=ceasefire armas=weapons
    missil-=missile ofensiva=offensive invasao=invasion combate-=fighting 
    rebelde-=rebels insurgente-=rebels terroris-=terrorism atentado-=attack refem=hostage refens=hostage
    refugiado-=refugees
    inundac-=flood enchente-=flood terremoto-=earthquake sismo-=earthquake incendio-=fire
    incendio_florestal=wildfire bombeiro-=fire acidente-=accident explosao=explosion evacuad-=evacuated
    desalojad-=evacuated defesa_civil=emergency_services deslizamento-=landslide avalanche=avalanche
    tsunami=tsunami vulcao=volcanic_eruption erupcao=volcanic_eruption desabamento=collapse
    meio_ambiente=environment ambiental-=environment ambientalista-=environmentalists
    climatic-=climate alteracoes_climaticas=climate_change aquecimento_global=global_warming 
    gases_de_efeito_estufa=greenhouse_gas biodiversidade=biodiversity poluicao=pollution plastico-=pollution
    desmatamento=deforestation desflorestacao=deforestation floresta-=forest renovave-=renewable_energy
    eolica-=wind_power solar=solar_power
    escola-=school colegio-=school aluno-=pupils professor-=teachers professora-=teachers docente-=teachers
    universidade-=university universitari-=university estudante-=students educacao=education ensino=education
    enem=exam vestibular=exam mensalidade-=tuition
    meteorolog-=meteorologists tempestade-=storm temporal=storm chuva-=rain neve=snow onda_de_calor=heatwave
    temperatura-=temperatures granizo=thunderstorm alerta_vermelho=weather_warning furacao=hurricane
    ciclone=cyclone previsao_do_tempo=weather_forecast
    igreja=church bispo-=bishop mesquita=mosque sinagoga=synagogue
    ferias=vacation viagem=travel viagens=travel turismo=tourism receita_culinaria=recipe restaurante-=restaurant
    moda=fashion
    campanha_eleitoral=election_campaign pronto-socorro=hospital mudancas_climaticas=climate_change o_papa=pope copa_do_mundo=world_cup
    emissoes=emissions exames_nacionais=exam
    bolsa_de_valores=stock_market bolsa_de_lisboa=stock_market bolsa_brasileira=stock_market
    acionista-=shareholders acoes=shares credito_a_habitacao=mortgage credito_habitacao=mortgage fmi=imf
    dow_jones=dow_jones candidat-=candidate embaixada-=embassy asilo=asylum manifestante-=protesters
    contrabando-=smuggling veto=veto detid-=arrested deteve=arrested manifestac-=demonstrations
    consumidor-=consumers eletrica=electricity eletricas=electricity transporte-=transport
    transportes_publicos=public_transport transporte_publico=public_transport hotel-=hotel
    imovel=property imoveis=property
    pneumonia-=pneumonia
  `,
  nl: `
    armoede=poverty dakloos-=homelessness dakloze-=homelessness geboortecijfer-=birth_rate ggz=mental_health
    wachtlijst-=waiting_list rijksmuseum=museum
    tweede_kamer=parliament eerste_kamer=senate parlement-=parliament kamerleden=lawmakers kamerlid=lawmakers
    kabinet-=government regering-=government minister-=minister premier=prime_minister president-=president
    verkiezing-=election -verkiezingen=election stembus=election campagne=campaign coalitie-=coalition
    oppositie=opposition partij=political_party partijen=political_party referendum=referendum burgemeester-=mayor
    democratie=democracy diplomat-=diplomat ambassadeur-=ambassador begroting-=budget wetsvoorstel-=legislation
    economie=economy economisch-=economy inflatie=inflation rente=interest_rates centrale_bank=central_bank
    ecb=central_bank dnb=central_bank beurs=stock_market aex=stock_market aandeel=shares aandelen=shares
    belegger-=investors investeerder-=investors bedrijf=company bedrijven=company omzet=revenue winst=profit
    kwartaal=quarter faillissement=bankruptcy failliet=bankruptcy overname-=takeover fusie=merger prijzen=prices
    -prijzen=prices export=exports handelstarieven=tariffs importheffing-=tariffs belasting-=tax recessie=recession
    bbp=gdp bruto_binnenlands_product=gdp banken=bank
    werkloosheid=unemployment werkloos=unemployment staking-=walkout -staking=walkout vakbond-=union fnv=union
    loon=wages lonen=wages salaris-=wages minimumloon=minimum_wage cao=collective_bargaining
    voetbal-=soccer eredivisie=soccer doelpunt-=goal treffer=goal trainer=coach
    ploeg=team elftal=team keeper=goalkeeper doelman=goalkeeper
    kampioen-=champion wereldkampioen-=world_champion wk=world_cup olympisch-=olympic 
    gelijkspel=draw ranglijst=standings finale=final halve_finale=semifinal
    toernooi=tournament tennis=tennis wielren-=cycling schaats-=speed_skating stadion=stadium ajax=soccer
    psv=soccer feyenoord=soccer
    onderzoeker-=researchers wetenschap-=science wetenschapper-=scientists studie=study
    ruimtevaart=spaceflight satelliet-=satellite planeet=planet exoplaneet=planet
    telescoop=telescope astronaut-=astronaut nasa=nasa natuurkunde=physics scheikunde=chemistry biologie=biology
    genoom=genome kunstmatige_intelligentie=artificial_intelligence ai=ai software=software internet=internet
    computer-=computer smartphone-=smartphone technologie-=technology digitaal=digital digitale=digital cyber-=cyber
    hacker-=hackers algoritme-=computing chip-=semiconductor chipmachine-=semiconductor quantumcomputer-=quantum_computer
    qubit-=quantum_computer robot-=robot
    beveiligingslek-=security_flaw datalek-=data_breach malware=malware ransomware=ransomware
    versleuteling=encryption elektrische_auto=electric_car linux=linux open_source=open_source
    besturingssysteem=operating_system processor-=processor browser=browser cloud=cloud breedband=broadband
    glasvezel-=broadband videogame-=video_game startup-=startup
    film=film films=film bioscoop=cinema filmfestival=film_festival regisseur=film_director acteur-=actor
    actrice=actor theater=theatre toneel=theatre opera=opera concert-=concert muziek=music zanger-=singer
    album=album roman=novel romans=novel schrijver-=novelist auteur=novelist boek=literature boeken=literature
    literatuur=literature tentoonstelling-=exhibition museum=museum musea=museum
    schilder=artist schilderij-=painting kunst=art kunstenaar-=artist oscar-=oscar televisie=television
    politie=police aangehouden=arrested arrestatie-=arrest gearresteerd=arrested opgepakt=arrested
    verdachte-=suspect onderzoeker_politie=investigators officier_van_justitie=prosecutor
    rechtbank=court rechtszaak=trial veroordeeld=convicted cel=prison gevangenis=prison
    celstraf=prison_sentence moord=murder doodgeschoten=shot_dead overval-=robbery beroving=robbery diefstal=theft
    inbraak-=robbery fraude-=fraud oplichting=fraud crimineel=crime criminelen=criminals misdaad=crime
    drugslab-=drug_trafficking drugsbende=drug_trafficking drugshandel=drug_trafficking
    ziekenhuis-=hospital ziekenhuizen=hospital spoedeisende_hulp=hospital arts=doctor artsen=doctors
    huisarts-=doctor patient-=patients ziekte=disease kanker=cancer griep=flu vaccin-=vaccine vaccinatie=vaccine
    virus=viral_infection pandemie=pandemic epidemie=epidemic covid=pandemic gezondheid-=health zorg=healthcare
    verpleegkundige-=nurses medicijn-=medicine
    oorlog=war leger=army militair-=military militairen=military soldaat=soldiers soldaten=soldiers troepen=troops
    luchtaanval-=airstrike -aanval=attack aanvallen=attack wapenstilstand=ceasefire wapens=weapons
    raketaanval-=missile artillerie=artillery offensief=offensive invasie=invasion gevechten=fighting
    rebellen=rebels terreur-=terrorism terroris-=terrorism aanslag-=attack gijzel-=hostage vluchteling-=refugees
    overstroming-=flood watersnood=flood aardbeving-=earthquake beving-=earthquake brand=fire bosbrand-=wildfire
    brandweer=fire ongeluk-=accident ongeval-=accident explosie=explosion geevacueerd=evacuated
    evacuatie=evacuation hulpdiensten=emergency_services lawine=avalanche tsunami=tsunami vulkaan-=volcanic_eruption
    instorting=collapse neergestort=crash
    milieu-=environment klimaat-=climate klimaatverandering=climate_change opwarming=global_warming
    uitstoot=emissions -uitstoot=emissions broeikasgas-=greenhouse_gas biodiversiteit=biodiversity
    vervuiling=pollution plastic=pollution stikstof-=pollution natuurgebied-=conservation
    duurzame_energie=renewable_energy windmolen-=wind_power windpark-=wind_power zonnepaneel-=solar_power
    school=school scholen=schools leerling-=pupils leraar=teachers leraren=teachers docent-=teachers
    universiteit-=university hogeschool-=university student-=students onderwijs=education examen-=exam
    hoger_onderwijs=higher_education
    knmi=meteorologists storm-=storm onweer-=thunderstorm regen-=rain sneeuw-=snow hittegolf=heatwave
    temperatuur-=temperatures hagel=thunderstorm windstoten=storm code_oranje=weather_warning code_rood=weather_warning
    kerk=church paus=pope bisschop=bishop moskee=mosque synagoge=synagogue
    vakantie=vacation reizen=travel toerisme=tourism restaurant-=restaurant mode=fashion
    agent=police agenten=police staakt-het-vuren=ceasefire weerbericht=weather weersverwachting=weather_forecast
    recept=recipe recepten=recipe
    -rechtbank=court -ziekenhuis=hospital -brand=fire -minister=minister -partij=political_party
    -onderwijs=education -verkiezing=election
    longontsteking-=pneumonia
  `,
  ru: `
    госдум-=parliament парламент-=parliament депутат-=lawmakers сенатор-=senate правительств-=government
    министр-=minister министерств-=minister премьер=prime_minister президент-=president выборы=election
    выборов=election выборах=election выборам=election избирател-=election предвыборн-=election_campaign
    коалици-=coalition оппозици-=opposition партия=political_party партии=political_party партий=political_party
    законопроект-=legislation референдум-=referendum мэр-=mayor губернатор-=governor дипломат-=diplomat
    посол=ambassador посла=ambassador посольств-=ambassador саммит-=summit кремл-=kremlin санкци-=sanctions
    экономик-=economy экономическ-=economy инфляци-=inflation ключевая_ставка=interest_rates
    ключевую_ставку=interest_rates ключевой_ставки=interest_rates центробанк-=central_bank
    центральный_банк=central_bank цб=central_bank банк-=bank бирж-=stock_market акционер-=investors
    инвестор-=investors компани-=company выручк-=revenue прибыль=profit прибыли=profit банкротств-=bankruptcy
    слияни-=merger поглощени-=takeover цены=prices экспорт-=exports пошлин-=tariffs налог-=tax рецесси-=recession
    ввп=gdp безработиц-=unemployment забастовк-=walkout бастова-=walkout профсоюз-=union зарплат-=wages
    увольнени-=layoffs
    футбол-=soccer хоккей-=ice_hockey баскетбол-=basketball теннис-=tennis чемпионат-=championship
    чемпион-=champion лига=league лиги=league лигу=league лиге=league матч-=match гол=goal голы=goals
    тренер-=coach игрок-=player нападающ-=striker вратар-=goalkeeper сборная=team сборной=team сборную=team
    олимпи-=olympics турнир-=tournament стадион-=stadium болельщик-=fans обыгра-=beat спартак=soccer цска=soccer
    ученые=scientists ученых=scientists ученым=scientists учеными=scientists ученый=scientists
    исследовател-=researchers научн-=science наук-=science космос-=space космическ-=space космонавт-=astronaut
    астронавт-=astronaut спутник-=satellite астероид-=asteroid телескоп-=telescope физик-=physics хими-=chemistry
    биологи-=biology геном-=genome искусственный_интеллект=artificial_intelligence
    искусственного_интеллекта=artificial_intelligence искусственным_интеллектом=artificial_intelligence ии=ai
    нейросет-=artificial_intelligence программное_обеспечение=software интернет-=internet компьютер-=computer
    смартфон-=smartphone технологи-=technology цифров-=digital кибер-=cyber хакер-=hackers алгоритм-=computing
    полупроводник-=semiconductor робот-=robot
    фильм-=film кинотеатр-=cinema кинофестивал-=film_festival режиссер-=film_director актер-=actor актрис-=actor
    театр-=theatre балет-=ballet опера=opera оперы=opera оперн-=opera концерт-=concert музык-=music певец=singer
    певиц-=singer альбом-=album писател-=novelist книг-=literature литератур-=literature выставк-=exhibition
    музе-=museum художник-=artist искусство=art искусства=art искусству=art искусстве=art искусств=art телевидени-=television сериал-=television_series оскар-=oscar
    полици-=police задержа-=arrested арест-=arrest следовател-=investigators следстви-=investigation
    следственн-=investigation прокурор-=prosecutor прокуратур-=prosecutor обвиня-=charged суд=court суде=court
    судом=court судья=judge приговор-=verdict тюрьм-=prison убийств-=murder убийц-=murder ограблени-=robbery
    грабител-=robbery краж-=theft мошенничеств-=fraud мошенник-=fraud подозреваем-=suspect преступлени-=crime
    преступник-=criminals уголовн-=crime наркотик-=drug_trafficking бандит-=gang
    больниц-=hospital поликлиник-=hospital врач-=doctors пациент-=patients болезн-=disease заболевани-=disease
    заболевш-=disease онколог-=cancer грипп-=flu вакцин-=vaccine прививк-=vaccine вирус-=viral_infection
    пандеми-=pandemic эпидеми-=epidemic коронавирус-=covid ковид-=covid здравоохранени-=health здоровь-=health
    медицин-=medicine лекарств-=medicine медсестр-=nurses
    война=war войны=war войну=war войне=war войной=war арми-=army военн-=military солдат-=soldiers войск-=troops
    обстрел-=shelling бомбардировк-=bombing перемири-=ceasefire прекращение_огня=ceasefire оружи-=weapons
    ракетн-=missile_attack вторжени-=invasion повстанц-=rebels террорист-=terrorism теракт-=attack заложник-=hostage
    беженц-=refugees
    наводнени-=flood паводк-=flood паводок=flood землетрясени-=earthquake пожар-=fire авари-=accident взрыв-=explosion
    эвакуаци-=evacuation эвакуирова-=evacuated спасател-=rescuers мчс=emergency_services лавин-=avalanche
    цунами=tsunami вулкан-=volcanic_eruption крушени-=crash оползн-=landslide
    эколог-=environment климат=climate климатическ-=climate изменение_климата=climate_change
    изменения_климата=climate_change выбросы=emissions выбросов=emissions парников-=greenhouse_gas
    глобальное_потепление=global_warming глобального_потепления=global_warming загрязнени-=pollution
    биоразнообрази-=biodiversity вымирани-=extinction возобновляем-=renewable_energy экосистем-=ecosystem
    школ-=school ученик-=pupils учител-=teachers педагог-=teachers университет-=university вуз-=university
    студент-=students образовани-=education экзамен-=exam егэ=exam выпускник-=students
    погод-=weather непогод-=storm синоптик-=meteorologists метеоролог-=meteorologists мороз-=frost снег-=snow
    снегопад-=snow дожд-=rain ливн-=heavy_rain гроза=thunderstorm грозы=thunderstorm ураган-=hurricane
    шторм-=storm метел-=storm температур-=temperatures циклон-=cyclone
    церков-=church церкви=church патриарх-=church мечет-=mosque синагог-=synagogue ислам-=islam
    туризм-=tourism отпуск-=vacation ресторан-=restaurant
    избил-=assault избиени-=assault гибдд=police дтп=road_accident аварийност-=accident детсад-=kindergarten
    детский_сад=kindergarten детского_сада=kindergarten субсиди-=subsidies жкх=housing
    пневмони-=pneumonia
  `,
  pl: `
    sejm-=parliament senat-=senate parlament-=parliament poseł=lawmakers posłowie=lawmakers posłów=lawmakers
    posłanka-=lawmakers rząd=government rządu=government rządowi=government rządem=government rządzie=government
    rządy=government rządów=government rządow-=government premier=prime_minister premierem=prime_minister
    premierowi=prime_minister minister-=minister ministerstw-=minister prezydent-=president wybory=election
    wyborach=election wyborów=election wyborami=election wyborcz-=election kampania_wyborcza=election_campaign
    kampanii_wyborczej=election_campaign koalicj-=coalition opozycj-=opposition parti-=political_party
    ustawa=legislation ustawy=legislation ustawę=legislation ustawie=legislation referendum=referendum
    burmistrz-=mayor demokracj-=democracy dyplomat-=diplomat ambasador-=ambassador szczyt-=summit sankcj-=sanctions
    gospodark-=economy gospodarcz-=economy inflacj-=inflation stopy_procentowe=interest_rates
    stóp_procentowych=interest_rates rada_polityki_pieniężnej=central_bank nbp=central_bank
    bank_centralny=central_bank giełd-=stock_market akcjonariusz-=investors inwestor-=investors firma=company
    firmy=company firmie=company spółk-=company przychod-=revenue zysk-=profit kwartał-=quarter upadłoś-=bankruptcy
    fuzj-=merger przejęci-=takeover ceny=prices cen=prices eksport-=exports cła=tariffs cło=tariffs podatek=tax
    podatki=tax podatków=tax podatku=tax podatkow-=tax recesj-=recession pkb=gdp bezroboci-=unemployment
    strajk-=walkout związki_zawodowe=union związku_zawodowego=union związkowc-=union płaca=wages płacy=wages
    płace=wages wynagrodzen-=wages
    piłkarz-=soccer piłkarsk-=soccer piłka_nożna=soccer piłki_nożnej=soccer ekstraklas-=soccer liga=league
    lidze=league ligi=league mecz-=match gol=goal gola=goal gole=goals goli=goals bramk-=goal trener-=coach
    drużyn-=team zawodnik-=player bramkarz-=goalkeeper mistrz-=champion mistrzostw-=championship olimpi-=olympics
    turniej-=tournament stadion-=stadium kibic-=fans reprezentacj-=team pokona-=beat tenis-=tennis
    siatkówk-=volleyball siatkarz-=volleyball koszykówk-=basketball hokej-=ice_hockey skoki_narciarskie=ski_jumping
    naukowc-=scientists naukow-=science badacz-=researchers nauk-=science kosmos-=space kosmiczn-=space
    astronaut-=astronaut satelit-=satellite teleskop-=telescope fizyk-=physics chemi-=chemistry biologi-=biology
    genom-=genome sztuczna_inteligencja=artificial_intelligence sztucznej_inteligencji=artificial_intelligence
    sztuczną_inteligencję=artificial_intelligence oprogramowani-=software internet-=internet komputer-=computer
    komputer_kwantowy=quantum_computer komputery_kwantowe=quantum_computer smartfon-=smartphone
    technologi-=technology cyfrow-=digital cyber-=cyber haker-=hackers algorytm-=computing
    półprzewodnik-=semiconductor robot=robot
    film-=film kino=cinema kina=cinema kinach=cinema festiwal_filmowy=film_festival reżyser-=film_director
    aktor-=actor teatr-=theatre opera=opera opery=opera operze=opera balet-=ballet koncert-=concert muzyk-=music
    piosenkar-=singer album-=album powieść=novel powieści=novel pisarz-=novelist pisark-=novelist książk-=literature
    literatur-=literature wystawa=exhibition wystawy=exhibition wystawę=exhibition wystawie=exhibition
    muzeum=museum muzea=museum muzeów=museum malarz-=artist telewizj-=television serial-=television_series
    oscar-=oscar
    policj-=police zatrzyma-=arrested aresztowa-=arrest areszt-=arrest prokurat-=prosecutor zarzut-=charged
    sąd=court sądu=court sądzie=court wyrok-=verdict więzieni-=prison zabójstw-=murder morderstw-=murder
    zabójc-=murder napad-=robbery rozbój=robbery rozboju=robbery rozboj-=robbery kradzież-=theft złodziej-=theft
    oszust-=fraud podejrzan-=suspect przestępstw-=crime przestęp-=crime narkotyk-=drug_trafficking gang-=gang
    mafi-=organized_crime
    szpital-=hospital lekarz-=doctors pacjent-=patients chorob-=disease nowotwor-=cancer gryp-=flu
    szczepion-=vaccine szczepie-=vaccine wirus-=viral_infection pandemi-=pandemic epidemi-=epidemic
    koronawirus-=covid zdrowi-=health pielęgniar-=nurses medycyn-=medicine nfz=health
    wojna=war wojny=war wojnie=war wojnę=war wojsk-=army armi-=army żołnierz-=soldiers ostrzał-=shelling
    ostrzel-=shelling bombard-=bombing rozejm-=ceasefire zawieszenie_broni=ceasefire rakietow-=missile_attack
    inwazj-=invasion rebeli-=rebels terror-=terrorism zamach-=attack zakładni-=hostage uchodźc-=refugees
    powódź=flood powodzi=flood powodzią=flood powodziow-=flood trzęsienie_ziemi=earthquake trzęsienia_ziemi=earthquake
    pożar-=fire strażac-=fire straż_pożarna=fire wypadek=accident wypadku=accident wypadki=accident
    wypadków=accident wybuch-=explosion ewakuac-=evacuation ewakuowan-=evacuated ratownic-=rescuers
    ratownik-=rescuers lawin-=avalanche tsunami=tsunami wulkan-=volcanic_eruption osuwisk-=landslide
    ekolog-=environment środowisk-=environment klimat-=climate zmiany_klimatu=climate_change
    zmian_klimatu=climate_change emisj-=emissions smog=pollution zanieczyszczeni-=pollution
    bioróżnorodnoś-=biodiversity wymierani-=extinction plastik-=pollution odnawialn-=renewable_energy
    fotowoltai-=solar_power
    szkoł-=school szkol-=school uczni-=pupils nauczyciel-=teachers uniwersytet-=university uczelni-=university
    student-=students edukacj-=education oświat-=education egzamin-=exam matur-=exam
    pogoda=weather pogody=weather pogodę=weather pogodzie=weather synoptyk-=meteorologists imgw=meteorologists
    mróz=frost mrozu=frost mrozem=frost mrozy=frost śnieg-=snow deszcz-=rain ulew-=heavy_rain burza=thunderstorm
    burze=thunderstorm burzy=thunderstorm huragan-=hurricane wichur-=storm upał-=heatwave temperatur-=temperatures
    pielgrzymk-=pilgrimage
    kościół=church kościoła=church kościele=church papież-=pope biskup-=bishop meczet-=mosque synagog-=synagogue
    islam-=islam turyst-=tourism wakacj-=vacation urlop-=vacation restauracj-=restaurant
    zapalenie_płuc=pneumonia zapaleniem_płuc=pneumonia zapalenia_płuc=pneumonia
    tranzycj-=transgender transpłciow-=transgender
  `,
  uk: `
    верховна_рада=parliament верховної_ради=parliament верховній_раді=parliament парламент-=parliament
    депутат-=lawmakers уряд-=government прем'єр=prime_minister прем'єра=prime_minister міністр-=minister
    міністерств-=minister президент-=president вибор-=election виборч-=election коаліці-=coalition
    опозиці-=opposition парті-=political_party законопроєкт-=legislation референдум-=referendum мер=mayor
    мера=mayor губернатор-=governor дипломат-=diplomat посол=ambassador посла=ambassador посольств-=ambassador
    саміт-=summit санкці-=sanctions кремл-=kremlin
    економік-=economy економічн-=economy інфляці-=inflation облікова_ставка=interest_rates
    облікову_ставку=interest_rates облікової_ставки=interest_rates нацбанк-=central_bank нбу=central_bank
    банк-=bank бірж-=stock_market акціонер-=investors інвестор-=investors компані-=company виручк-=revenue
    прибуток=profit прибутку=profit прибутки=profit банкрутств-=bankruptcy злитт-=merger ціни=prices цін=prices
    експорт-=exports мито=tariffs мита=tariffs податок=tax податки=tax податків=tax податку=tax рецесі-=recession
    гривн-=currency міжбанк-=currency
    ввп=gdp безробітт-=unemployment страйк-=walkout профспілк-=union зарплат-=wages
    футбол-=soccer хокей-=ice_hockey баскетбол-=basketball теніс-=tennis чемпіонат-=championship
    чемпіон-=champion ліга=league ліги=league лігу=league лізі=league матч-=match гол=goal голи=goals
    тренер-=coach гравц-=player гравець=player воротар-=goalkeeper збірна=team збірної=team збірну=team
    олімпі-=olympics турнір-=tournament стадіон-=stadium вболівальник-=fans обігра-=beat дербі=match
    науковц-=scientists науковець=scientists наук-=science дослідник-=researchers
    дослідженн-=scientific_research космос-=space космічн-=space космонавт-=astronaut астронавт-=astronaut
    супутник-=satellite телескоп-=telescope фізик-=physics хімі-=chemistry біологі-=biology геном-=genome
    штучний_інтелект=artificial_intelligence штучного_інтелекту=artificial_intelligence
    штучним_інтелектом=artificial_intelligence ші=ai нейромереж-=artificial_intelligence
    програмне_забезпечення=software інтернет-=internet комп'ютер=computer комп'ютери=computer
    комп'ютерів=computer смартфон-=smartphone технологі-=technology цифров-=digital кібер-=cyber
    хакер-=hackers алгоритм-=computing напівпровідник-=semiconductor робот=robot роботів=robot
    фільм-=film кінотеатр-=cinema кінофестивал-=film_festival режисер-=film_director актор-=actor
    актрис-=actor театр-=theatre балет-=ballet опера=opera опери=opera опері=opera оперн-=opera концерт-=concert
    музик-=music співак=singer співачк-=singer альбом-=album письменник-=novelist книг-=literature
    літератур-=literature виставк-=exhibition музе-=museum художник-=artist мистецтв-=art телебаченн-=television
    серіал-=television_series оскар-=oscar
    поліці-=police затрима-=arrested арешт-=arrest слідч-=investigators слідств-=investigation
    прокурор-=prosecutor прокуратур-=prosecutor обвинувач-=charged суд=court суду=court суді=court судом=court
    суддя=judge вирок-=verdict в'язниця=prison в'язниці=prison ув'язнення=prison_sentence вбивств-=murder
    вбивц-=murder пограбуванн-=robbery грабіжник-=robbery крадіжк-=theft шахрайств-=fraud шахра-=fraud
    підозрюван-=suspect злочин-=crime кримінальн-=crime наркотик-=drug_trafficking банда=gang банди=gang
    бандит-=gang
    лікарн-=hospital лікар-=doctors пацієнт-=patients хвороб-=disease захворюван-=disease онколог-=cancer
    грип-=flu вакцин-=vaccine щеплен-=vaccine вірус-=viral_infection пандемі-=pandemic епідемі-=epidemic
    коронавірус-=covid ковід-=covid охорона_здоров'я=health охорони_здоров'я=health моз=health
    медицин-=medicine медсестр-=nurses
    війн-=war армі-=army військ-=military солдат-=soldiers зсу=army обстріл-=shelling обстріля-=shelling
    бомбардуванн-=bombing перемир-=ceasefire припинення_вогню=ceasefire зброя=weapons зброї=weapons
    ракетн-=missile_attack вторгненн-=invasion окупант-=invasion окупаці-=occupation терорист-=terrorism теракт-=attack
    заручник-=hostage біженц-=refugees дрон-=drone_attack
    повін-=flood повен-=flood паводк-=flood землетрус-=earthquake пожеж-=fire вибух-=explosion аварі-=accident
    катастроф-=crash евакуаці-=evacuation евакуйова-=evacuated рятувальник-=rescuers дснс=emergency_services
    лавин-=avalanche цунамі=tsunami вулкан-=volcanic_eruption
    еколог-=environment довкілл-=environment клімат=climate кліматичн-=climate зміна_клімату=climate_change
    зміни_клімату=climate_change викиди=emissions викидів=emissions забрудненн-=pollution
    біорізноманітт-=biodiversity відновлюван-=renewable_energy пластик-=pollution екосистем-=ecosystem
    школ-=school учні=pupils учнів=pupils учител-=teachers вчител-=teachers університет-=university
    студент-=students освіт-=education іспит-=exam екзамен-=exam нмт=exam зно=exam
    погод-=weather синоптик-=meteorologists мороз-=frost сніг-=snow снігопад-=snow дощ-=rain злив-=heavy_rain
    гроза=thunderstorm грози=thunderstorm ураган-=hurricane шторм-=storm хуртовин-=storm температур-=temperatures
    спека=heatwave спеки=heatwave
    церкв-=church патріарх-=church папа_римський=pope мечет-=mosque синагог-=synagogue іслам-=islam
    туризм-=tourism відпустк-=vacation ресторан-=restaurant
    пневмоні-=pneumonia
  `,
};

/**
 * Names of technology that every language writes as English does ("Sicherheitslücke im iPhone", "Google
 * schaltet Android-Funktion ab"): read in each of them, before its own words (which win). Products, not
 * companies: "Übernahme von GitHub durch Microsoft" stays a takeover.
 */
const SHARED_TEXT = `
  iphone=iphone iphones=iphone ipad=ipad ios=ios android=android macbook=macbook xbox=xbox playstation=playstation
  nintendo=nintendo bitcoin=bitcoin
  chatgpt=chatgpt openai=openai spacex=spacex nasa=nasa 5g=5g wlan=wifi wifi=wifi bluetooth=bluetooth
  fortnite=fortnite minecraft=minecraft twitch=twitch firefox=firefox
  javascript=programming_language php=programming_language perl=programming_language mysql=database
  powershell=software firmware=firmware gaming=gaming oled=consumer_electronics hdmi=consumer_electronics
  dns=internet ftth=broadband nand=memory_chip ipv4=internet_protocol ipv6=internet_protocol computing=computing
`;

/** Words as the dictionaries are read: folded case and accents, apostrophes and hyphens separate. */
function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The longest phrase a dictionary lists, in words. */
const MAX_PHRASE = 5;

interface Dictionary {
  /** Whole words and phrases (words joined by a space) → English ('' stops). */
  words: Map<string, string>;
  stems: Map<string, string>;
  endings: Map<string, string>;
  /** The lengths of the stems and of the endings, longest first (only these are looked up). */
  stemLengths: number[];
  endingLengths: number[];
  /** The first words of the phrases (only a word among them is looked up as a phrase's start). */
  phraseStarts: Set<string>;
  /** The words read lately, with their readings ({@link readingOf}): at most {@link MAX_READ_WORDS}. */
  read: Map<string, WordReading>;
}

/** A word of a text as a dictionary reads it: its form, and its English reading alone (none: not listed). */
interface WordReading {
  form: string;
  alone: string | undefined;
}

/**
 * How many words a dictionary remembers the readings of (then it starts again): a news text's words are
 * mostly the same few thousand, and a word's reading by stems and endings costs a look-up for each length.
 */
const MAX_READ_WORDS = 8_192;

function dictionaryOf(entries: string): Dictionary {
  const dictionary: Dictionary = {
    words: new Map(),
    stems: new Map(),
    endings: new Map(),
    stemLengths: [],
    endingLengths: [],
    phraseStarts: new Set(),
    read: new Map(),
  };
  for (const entry of entries.split(/\s+/).filter(Boolean)) {
    const at = entry.indexOf('=');
    const key = entry.slice(0, at);
    const english = entry.slice(at + 1).replace(/_/g, ' ');
    if (key.endsWith('-')) dictionary.stems.set(wordsOf(key).join(' '), english);
    else if (key.startsWith('-')) dictionary.endings.set(wordsOf(key).join(' '), english);
    else {
      const words = wordsOf(key).map(normalizeWord);
      dictionary.words.set(words.join(' '), english);
      if (words.length > 1) dictionary.phraseStarts.add(words[0]!);
    }
  }
  const lengths = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.length))].sort((a, b) => b - a);
  dictionary.stemLengths = lengths(dictionary.stems.keys());
  dictionary.endingLengths = lengths(dictionary.endings.keys());
  return dictionary;
}

const dictionaries = new Map<string, Dictionary>();

/** Languages whose text is read through a dictionary. */
export const TRANSLATED_LANGUAGES: ReadonlySet<string> = new Set(Object.keys(TRANSLATED_TEXT));

/** A word's English reading by stem or ending: the longest that matches ('' when one stops it). */
function partOf(word: string, dictionary: Dictionary): string | undefined {
  for (const length of dictionary.stemLengths) {
    if (length > word.length) continue;
    const english = dictionary.stems.get(word.slice(0, length));
    if (english !== undefined) return english;
  }
  for (const length of dictionary.endingLengths) {
    if (length > word.length) continue;
    const english = dictionary.endings.get(word.slice(word.length - length));
    if (english !== undefined) return english;
  }
  return undefined;
}

/**
 * The English news words a text in one of {@link TRANSLATED_LANGUAGES} says, for the topic lexicon to
 * read: one reading per word or phrase of the text that the dictionary lists (words it does not list
 * are left out, so that a word spelt like an English one — German "Gift", French "pain" — is never read
 * as English). `null` for another language.
 */
export function translateForTopics(text: string, language: string): string[] | null {
  const entries = TRANSLATED_TEXT[language];
  if (entries === undefined) return null;
  let dictionary = dictionaries.get(language);
  if (!dictionary) dictionaries.set(language, (dictionary = dictionaryOf(`${SHARED_TEXT} ${entries}`)));
  const words = wordsOf(text).map((word) => readingOf(word, dictionary));
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let found: string | undefined;
    const start = i;
    if (dictionary.phraseStarts.has(words[start]!.form)) {
      for (let n = Math.min(MAX_PHRASE, words.length - start); n >= 2 && found === undefined; n--) {
        found = dictionary.words.get(
          words
            .slice(start, start + n)
            .map((word) => word.form)
            .join(' '),
        );
        if (found !== undefined) i += n - 1;
      }
    }
    found ??= words[i]!.alone;
    if (found) out.push(found);
  }
  return out;
}

/** A word's form and its reading alone, as remembered by the dictionary or read now. */
function readingOf(word: string, dictionary: Dictionary): WordReading {
  let reading = dictionary.read.get(word);
  if (reading === undefined) {
    const form = normalizeWord(word);
    reading = { form, alone: dictionary.words.get(form) ?? partOf(word, dictionary) };
    if (dictionary.read.size >= MAX_READ_WORDS) dictionary.read.clear();
    dictionary.read.set(word, reading);
  }
  return reading;
}
